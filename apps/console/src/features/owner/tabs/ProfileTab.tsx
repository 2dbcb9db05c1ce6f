export const ProfileTab = (_: { id: number }) => <p data-testid="owner-tab-placeholder">Profile</p>;
