-- CreateTable
CREATE TABLE "daily_report_rollup" (
    "tz" VARCHAR(64) NOT NULL,
    "day" DATE NOT NULL,
    "white_label_id" INTEGER NOT NULL,
    "figures" JSONB NOT NULL,
    "rolled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "daily_report_rollup_pkey" PRIMARY KEY ("tz","day","white_label_id")
);
