-- AlterTable
ALTER TABLE "sms_message" ADD COLUMN     "status_checked_at" TIMESTAMPTZ(3);
