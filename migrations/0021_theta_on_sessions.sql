ALTER TABLE `sessions` ADD `theta` real;--> statement-breakpoint
ALTER TABLE `sessions` ADD `theta_se` real;--> statement-breakpoint
-- Sessions with results before θ was stored: θ back from the scale score 200 + 10θ (app/domain/adaptive/scale.ts).
UPDATE `sessions` SET `theta` = (`scale_score` - 200) / 10.0, `theta_se` = `scale_score_se` / 10.0 WHERE `scale_score` IS NOT NULL;
