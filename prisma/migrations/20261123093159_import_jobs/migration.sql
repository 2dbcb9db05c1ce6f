-- AlterTable
ALTER TABLE "device" ADD COLUMN     "import_id" INTEGER;

-- AlterTable
ALTER TABLE "import" ADD COLUMN     "failed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "file_path" VARCHAR(500),
ADD COLUMN     "file_size" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "result" JSONB;
