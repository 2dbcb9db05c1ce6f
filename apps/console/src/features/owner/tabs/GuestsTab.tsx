export const GuestsTab = (_: { id: number }) => <p data-testid="owner-tab-placeholder">Guests</p>;
