CREATE TABLE "counters" (
	"enterprise_id" bigint NOT NULL,
	"name" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_enterprise_id_name_pk" PRIMARY KEY("enterprise_id","name")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"parent_id" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enterprises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_charge_user" smallint DEFAULT 0 NOT NULL,
	"tryout_type" smallint DEFAULT 0 NOT NULL,
	"ep_service_expire_time" timestamp with time zone,
	"buy_person_num" integer DEFAULT 10 NOT NULL,
	"package_name" text DEFAULT '免费版' NOT NULL,
	"industry" text,
	"sale_channels" text DEFAULT '1,2,3' NOT NULL,
	"crop_id" text,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"version_message" text,
	"setup_progress" smallint DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enterprise_id" bigint,
	"user_id" bigint,
	"mobile" text,
	"action" text NOT NULL,
	"detail" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"enterprise_id" bigint NOT NULL,
	"id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"csrf_token" text NOT NULL,
	"client" text DEFAULT 'web' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"purpose" text DEFAULT 'login' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"email" text,
	"job_number" text,
	"dept_id" bigint,
	"roles" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"sysrole" smallint,
	"admin" boolean DEFAULT false NOT NULL,
	"status_tag_id" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"pc_version" smallint DEFAULT 1 NOT NULL,
	"user_type" smallint DEFAULT 0 NOT NULL,
	"novice_guide_done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_enterprise_id_parent_id_departments_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","parent_id") REFERENCES "public"."departments"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_enterprise_id_user_id_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_enterprise_id_dept_id_departments_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","dept_id") REFERENCES "public"."departments"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" USING btree ("enterprise_id","parent_id");--> statement-breakpoint
CREATE INDEX "login_attempts_mobile_idx" ON "login_attempts" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "security_log_ep_idx" ON "security_log" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_uq" ON "sessions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("enterprise_id","user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_idx" ON "sms_codes" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("enterprise_id","mobile") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_mobile_idx" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "users_dept_idx" ON "users" USING btree ("enterprise_id","dept_id");--> statement-breakpoint
CREATE INDEX "users_roles_idx" ON "users" USING gin ("roles");