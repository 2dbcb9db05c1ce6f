import { useSearchParams } from 'react-router';
import { AddUserButton } from '../features/owner-add/components/AddUserButton';
import { SearchPage } from '../features/search/routes/SearchPage';
import { searchStateToParams } from '../features/search/search-params';

/** The dashboard: the search page with the add-user button; a new owner is shown by searching their e-mail. */
export function DashboardSearch() {
  const [, setParams] = useSearchParams();
  return (
    <SearchPage
      actions={<AddUserButton onCreated={({ email }) => setParams(searchStateToParams({ filter: 'email', query: email, page: 0 }))} />}
    />
  );
}
