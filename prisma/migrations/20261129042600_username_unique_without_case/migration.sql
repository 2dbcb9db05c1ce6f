-- Hand-written: backoffice usernames are unique without case (`admin` and `ADMIN` are one name; docs/access.md
-- "Usernames"). Names that already clash stop the migration with a message listing them, to be renamed first.
DO $$
DECLARE
  clashes text;
BEGIN
  SELECT string_agg(names, '; ' ORDER BY names) INTO clashes
  FROM (
    SELECT string_agg(username, ', ' ORDER BY username) AS names
    FROM "backoffice_user"
    GROUP BY lower(username)
    HAVING count(*) > 1
  ) c;
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'backoffice usernames must be unique without case; rename all but one of each group, then migrate again: %', clashes;
  END IF;
END $$;

CREATE UNIQUE INDEX "backoffice_user_username_lower_key" ON "backoffice_user" (lower("username"));
