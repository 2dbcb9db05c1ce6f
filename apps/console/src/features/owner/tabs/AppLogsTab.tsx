export const AppLogsTab = (_: { id: number }) => <p data-testid="owner-tab-placeholder">AppLogs</p>;
