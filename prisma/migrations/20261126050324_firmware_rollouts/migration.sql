-- AlterTable
ALTER TABLE "firmware_ota_activity" DROP COLUMN "error",
ADD COLUMN     "error_code" VARCHAR(50),
ADD COLUMN     "error_params" JSONB,
ADD COLUMN     "finished_at" TIMESTAMPTZ(3),
ADD COLUMN     "notified_at" TIMESTAMPTZ(3),
ADD COLUMN     "queried_at" TIMESTAMPTZ(3),
ADD COLUMN     "sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "wave" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "firmware_upload_request" ADD COLUMN     "current_wave" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "device_timeout_s" INTEGER NOT NULL DEFAULT 1800,
ADD COLUMN     "ended_at" TIMESTAMPTZ(3),
ADD COLUMN     "error_threshold" INTEGER NOT NULL DEFAULT 20,
ADD COLUMN     "halt_code" VARCHAR(50),
ADD COLUMN     "halt_params" JSONB,
ADD COLUMN     "state" VARCHAR(20) NOT NULL DEFAULT 'running',
ADD COLUMN     "total" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "wave_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "wave_size" INTEGER NOT NULL DEFAULT 1000,
ADD COLUMN     "wave_started_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "firmware_ota_activity_request_id_wave_status_idx" ON "firmware_ota_activity"("request_id", "wave", "status");

-- CreateIndex
CREATE INDEX "firmware_ota_activity_request_id_status_idx" ON "firmware_ota_activity"("request_id", "status");

-- CreateIndex
CREATE INDEX "firmware_ota_activity_status_sent_at_idx" ON "firmware_ota_activity"("status", "sent_at");
