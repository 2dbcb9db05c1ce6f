-- AlterTable: a modem update's wait before its command goes again (docs/firmware-modem.md "Retries")
ALTER TABLE "modem_update_task" ADD COLUMN     "refusals" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "retry_at" TIMESTAMPTZ(3);
