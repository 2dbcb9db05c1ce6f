-- DropIndex
DROP INDEX "audit_event_device_id_created_idx";

-- DropIndex
DROP INDEX "device_log_device_id_created_idx";

-- DropIndex
DROP INDEX "safe_zone_log_device_id_time_idx";

-- DropIndex
DROP INDEX "sms_message_device_id_created_idx";

-- AlterTable
ALTER TABLE "sms_message" ADD COLUMN     "acknowledged_at" TIMESTAMPTZ(3),
ADD COLUMN     "acknowledged_by" INTEGER;

-- CreateIndex
CREATE INDEX "audit_event_device_id_created_id_idx" ON "audit_event"("device_id", "created", "id");

-- CreateIndex
CREATE INDEX "device_communication_gap_idx" ON "device_communication"("device_id", "time", "id") WHERE (gap_seconds >= 3600);

-- CreateIndex
CREATE INDEX "device_log_device_id_created_id_idx" ON "device_log"("device_id", "created", "id");

-- CreateIndex
CREATE INDEX "location_invalid_idx" ON "location"("device_id", "time", "id") WHERE (NOT is_valid);

-- CreateIndex
CREATE INDEX "notification_failed_idx" ON "notification"("device_id", "created", "id") WHERE (status = 3);

-- CreateIndex
CREATE INDEX "safe_zone_log_device_id_time_id_idx" ON "safe_zone_log"("device_id", "time", "id");

-- CreateIndex
CREATE INDEX "sms_message_device_id_created_id_idx" ON "sms_message"("device_id", "created", "id");

-- CreateIndex
CREATE INDEX "sms_message_unread_alarm_idx" ON "sms_message"("device_id", "created", "id") WHERE (acknowledged_at IS NULL AND event_code IS NOT NULL);
