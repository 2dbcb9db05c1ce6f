export const SafeZonesTab = (_: { id: number }) => <p data-testid="owner-tab-placeholder">SafeZones</p>;
