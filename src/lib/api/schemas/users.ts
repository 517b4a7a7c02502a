import * as z from 'zod/mini';

/** One row of get_all_users: lower-case name fields, unlike the profile. */
export const listUserSchema = z.object({
	id: z.string(),
	firstname: z.nullable(z.string()),
	lastname: z.nullable(z.string()),
	username: z.string(),
	email: z.nullable(z.string()),
	userType: z.int(),
	status: z.int(),
	owner: z.optional(z.nullable(z.boolean())),
	mfa: z.optional(z.nullable(z.boolean())),
	createDate: z.nullable(z.string()),
	// Older agents add these.
	accountId: z.optional(z.nullable(z.string())),
	authProvider: z.optional(z.nullable(z.int())),
	signupDate: z.optional(z.nullable(z.string())),
	migration: z.optional(z.nullable(z.boolean())),
	deleted: z.optional(z.nullable(z.boolean()))
});
export type ListUser = z.infer<typeof listUserSchema>;

export const usersPageSchema = z.object({
	// Rows stay raw here: the page keeps unknown fields for "show all fields" and parses each row.
	data: z.array(z.record(z.string(), z.unknown())),
	// Any number: an absurd total is told to the user instead of failing the page.
	total: z.number(),
	options: z.optional(
		z.nullable(
			z.object({ page: z.optional(z.nullable(z.int())), pageSize: z.optional(z.nullable(z.int())) })
		)
	)
});

/** package_inquiry: what is left on the plan. Numbers may be missing; `logs` and `sso` are flags. */
export const seatsSchema = z.looseObject({
	adminUsers: z.optional(z.nullable(z.number())),
	creativeUsers: z.optional(z.nullable(z.number())),
	standardUsers: z.optional(z.nullable(z.number())),
	storage: z.optional(z.nullable(z.number())),
	drives: z.optional(z.nullable(z.number()))
});
export type Seats = z.infer<typeof seatsSchema>;
