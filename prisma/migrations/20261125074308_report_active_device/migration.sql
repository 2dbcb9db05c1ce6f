-- CreateTable
CREATE TABLE "report_active_device" (
    "run_id" INTEGER NOT NULL,
    "device_id" INTEGER NOT NULL,
    "first_seen" TIMESTAMPTZ(3) NOT NULL,
    "last_seen" TIMESTAMPTZ(3) NOT NULL,
    "communications" INTEGER NOT NULL,

    CONSTRAINT "report_active_device_pkey" PRIMARY KEY ("run_id","device_id")
);

-- CreateIndex
CREATE INDEX "device_communication_time_idx" ON "device_communication"("time");
