export const VoicesTab = (_: { id: number }) => <p data-testid="owner-tab-placeholder">Voices</p>;
