-- Rows of the first cut: WAITING (not begun) is RUNNING at task 1 now; every task has a step start
UPDATE "modem_update_task" SET "status" = 'RUNNING', "task_id" = GREATEST("task_id", 1) WHERE "status" = 'WAITING';
UPDATE "modem_update_task" SET "step_started_at" = "started" WHERE "step_started_at" IS NULL;

-- AlterEnum (the migration runner sends the file as one statement list in one transaction: no BEGIN/COMMIT here)
CREATE TYPE "modem_update_status_new" AS ENUM ('RUNNING', 'DONE', 'FAILED', 'STOPPED');
ALTER TABLE "public"."modem_update_task" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "modem_update_task" ALTER COLUMN "status" TYPE "modem_update_status_new" USING ("status"::text::"modem_update_status_new");
ALTER TYPE "modem_update_status" RENAME TO "modem_update_status_old";
ALTER TYPE "modem_update_status_new" RENAME TO "modem_update_status";
DROP TYPE "public"."modem_update_status_old";
ALTER TABLE "modem_update_task" ALTER COLUMN "status" SET DEFAULT 'RUNNING';

-- DropIndex
DROP INDEX "modem_update_task_device_id_idx";

-- DropIndex
DROP INDEX "modem_update_task_status_idx";

-- AlterTable
ALTER TABLE "modem_update_step" DROP COLUMN "message",
ADD COLUMN     "code" VARCHAR(60),
ADD COLUMN     "params" JSONB,
ADD COLUMN     "sms_id" BIGINT;

-- AlterTable
ALTER TABLE "modem_update_task" DROP COLUMN "last_error",
ADD COLUMN     "dup_files" JSONB,
ADD COLUMN     "error_code" VARCHAR(60),
ADD COLUMN     "error_params" JSONB,
ADD COLUMN     "last_reply" VARCHAR(500),
ADD COLUMN     "saved_settings" JSONB,
ADD COLUMN     "settings_restored_at" TIMESTAMPTZ(3),
ADD COLUMN     "sms_id" BIGINT,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "task_id" SET DEFAULT 1,
ALTER COLUMN "status" SET DEFAULT 'RUNNING',
ALTER COLUMN "step_started_at" SET NOT NULL,
ALTER COLUMN "step_started_at" SET DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "modem_update_task_device_id_id_idx" ON "modem_update_task"("device_id", "id");

-- CreateIndex
CREATE INDEX "modem_update_task_status_task_id_idx" ON "modem_update_task"("status", "task_id");

-- CreateIndex
CREATE INDEX "modem_update_task_sms_id_idx" ON "modem_update_task"("sms_id");
