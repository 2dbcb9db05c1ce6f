-- Hand-written: an operator's `start` (MCC + MNC, the IMSI prefix imports match operators by) is unique, so an
-- import never has to pick between two operators (docs/administration.md). Starts that already clash stop the
-- migration with a message listing them, to be changed first; then the unique index Prisma names for `@unique`.
DO $$
DECLARE
  clashes text;
BEGIN
  SELECT string_agg(names, '; ' ORDER BY names) INTO clashes
  FROM (
    SELECT start || ': ' || string_agg(name || ' (id ' || id || ')', ', ' ORDER BY id) AS names
    FROM "operator"
    GROUP BY start
    HAVING count(*) > 1
  ) c;
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'operator starts must be unique; change the start of all but one operator of each group, then migrate again: %', clashes;
  END IF;
END $$;

CREATE UNIQUE INDEX "operator_start_key" ON "operator"("start");
