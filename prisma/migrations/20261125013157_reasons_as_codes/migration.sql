-- Reasons as codes (libs/contract/src/reasons.ts, docs/architecture.md "Reasons and messages"): import line errors
-- and an import's failure or note were stored as English sentences; they become a code of the contract's REASONS
-- plus its parameters. Every sentence the import worker and api could store is converted to its code; any other
-- text becomes the generic code `text` that keeps it whole, so nothing is lost.

-- BEGIN _import_reason (apps/api/test/reasons-migration.spec.ts runs this function on sample sentences)
CREATE FUNCTION _import_reason(t text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  fixed text;
  m text[];
  inner_code text;
BEGIN
  fixed := jsonb_build_object(
      'IMEI must have 15 digits', 'invalidImei',
      'IMSI must have 15 digits', 'invalidImsi',
      'ICCID must have 18 to 22 digits', 'invalidIccid',
      'Phone must have 8 to 15 digits', 'invalidPhone',
      'Activation code must have 15 letters or digits', 'invalidActivationCode',
      'Device status must be 0, 1, 2 or 3', 'invalidDeviceStatus',
      'SIM status must be 0, 1 or 2', 'invalidSimStatus',
      'Must be a positive whole number', 'invalidId',
      'Must be true or false', 'invalidBool',
      'Must not start with =, +, -, @, tab or CR (spreadsheet formula)', 'formula',
      'Unknown device type', 'unknownDeviceType',
      'Unknown operator', 'unknownOperator',
      'Unknown white label deployment', 'unknownDeployment',
      'Duplicate entry', 'duplicate',
      'No SIM card with this IMSI', 'noSim',
      'SIM card already in another device', 'simInUse',
      'Line is not valid UTF-8 text', 'notUtf8',
      'Line contains NUL bytes', 'nulBytes',
      'A quoted value is not closed', 'quoteNotClosed',
      'Unexpected text after a quoted value', 'textAfterQuote',
      'A quote inside an unquoted value', 'quoteInValue',
      'The file has a header but no data rows', 'noDataRows',
      'The file is empty', 'fileEmpty',
      'The uploaded file is gone', 'fileGone',
      'The import has no file', 'noFile'
    ) ->> t;
  IF fixed IS NOT NULL THEN
    RETURN jsonb_build_object('code', fixed);
  END IF;
  m := regexp_match(t, '^Carrier status must be one of (.+)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'invalidCarrierStatus', 'params', jsonb_build_object('statuses', m[1]));
  END IF;
  m := regexp_match(t, '^Duplicate entry: same as line (\d{1,9})$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'duplicateOfLine', 'params', jsonb_build_object('line', m[1]::int));
  END IF;
  m := regexp_match(t, '^Line is too long \(more than (\d{1,9}) characters\)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'lineTooLong', 'params', jsonb_build_object('max', m[1]::int));
  END IF;
  m := regexp_match(t, '^Line has (\d{1,9}) fields, the header has (\d{1,9})$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'fieldCount', 'params', jsonb_build_object('fields', m[1]::int, 'header', m[2]::int));
  END IF;
  m := regexp_match(t, '^(\w+) is too long \(at most (\d{1,9}) characters\)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'tooLong', 'params', jsonb_build_object('field', m[1], 'max', m[2]::int));
  END IF;
  m := regexp_match(t, '^(\w+) is required$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'required', 'params', jsonb_build_object('field', m[1]));
  END IF;
  m := regexp_match(t, '^Missing column: (.+)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'missingColumn', 'params', jsonb_build_object('columns', m[1]));
  END IF;
  m := regexp_match(t, '^Column (.+) appears twice in the header$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'columnTwice', 'params', jsonb_build_object('column', m[1]));
  END IF;
  m := regexp_match(t, '^The header line cannot be read: (.+)$');
  IF m IS NOT NULL THEN
    inner_code := _import_reason(m[1]) ->> 'code';
    IF inner_code IN ('quoteNotClosed', 'textAfterQuote', 'quoteInValue') THEN
      RETURN jsonb_build_object('code', 'headerUnreadable', 'params', jsonb_build_object('reason', inner_code));
    END IF;
  END IF;
  m := regexp_match(t, '^Columns ignored \(not columns of this kind\): (.*)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'ignoredColumns', 'params', jsonb_build_object('columns', m[1]));
  END IF;
  m := regexp_match(t, '^The import failed: (.*)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('code', 'importFailed', 'params', jsonb_build_object('message', m[1]));
  END IF;
  RETURN jsonb_build_object('code', 'text', 'params', jsonb_build_object('text', t));
END
$fn$;
-- END _import_reason

-- AlterTable
ALTER TABLE "import" ADD COLUMN     "error_code" VARCHAR(40),
ADD COLUMN     "error_params" JSONB;

UPDATE "import" SET error_code = r ->> 'code', error_params = r -> 'params'
  FROM (SELECT id AS rid, _import_reason(error) AS r FROM "import" WHERE error IS NOT NULL) x
 WHERE id = x.rid;

ALTER TABLE "import" DROP COLUMN "error";

-- AlterTable
ALTER TABLE "import_error" ADD COLUMN     "reason_code" VARCHAR(40),
ADD COLUMN     "reason_params" JSONB;

UPDATE "import_error" SET reason_code = r ->> 'code', reason_params = r -> 'params'
  FROM (SELECT id AS rid, _import_reason(reason) AS r FROM "import_error") x
 WHERE id = x.rid;

ALTER TABLE "import_error" DROP COLUMN "reason",
ALTER COLUMN "reason_code" SET NOT NULL;

DROP FUNCTION _import_reason(text);
