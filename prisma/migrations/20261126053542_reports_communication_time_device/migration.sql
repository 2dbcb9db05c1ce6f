-- DropIndex
DROP INDEX "device_communication_time_idx";

-- CreateIndex
CREATE INDEX "device_communication_time_device_id_idx" ON "device_communication"("time", "device_id");
