-- AlterTable
ALTER TABLE "password_reset" ADD COLUMN     "owner_id" INTEGER,
ALTER COLUMN "user_id" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "password_reset_owner_id_idx" ON "password_reset"("owner_id");

-- AddForeignKey
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Exactly one account per link (written by hand: Prisma does not model CHECK constraints)
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_one_account" CHECK (num_nonnulls("user_id", "owner_id") = 1);
