export const AddDeviceTab = (_: { id: number }) => <p data-testid="owner-tab-placeholder">AddDevice</p>;
