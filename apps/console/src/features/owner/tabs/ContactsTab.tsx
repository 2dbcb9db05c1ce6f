export const ContactsTab = (_: { id: number }) => <p data-testid="owner-tab-placeholder">Contacts</p>;
