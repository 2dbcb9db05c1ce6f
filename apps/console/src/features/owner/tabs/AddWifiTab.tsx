export const AddWifiTab = (_: { id: number }) => <p data-testid="owner-tab-placeholder">AddWifi</p>;
