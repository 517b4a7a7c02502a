import * as z from 'zod/mini';

export { CHALLENGE } from './shell-contract.ts';

export const loginResultSchema = z.object({
	jwtToken: z.optional(z.nullable(z.string())),
	challenge: z.int(),
	session: z.optional(z.nullable(z.string()))
});

/** Identity-provider sign-in and sign-up answer the JWT as a bare JSON string. */
export const jwtStringSchema = z.string().check(z.minLength(1));

/** confirm_signup answers a bare JSON boolean. */
export const confirmResultSchema = z.boolean();

export const userProfileSchema = z.object({
	accountName: z.nullable(z.string()),
	accountId: z.string(),
	userId: z.string(),
	firstName: z.nullable(z.string()),
	lastName: z.nullable(z.string()),
	username: z.string(),
	userType: z.int(),
	jwtToken: z.optional(z.nullable(z.string())),
	owner: z.boolean(),
	migration: z.optional(z.nullable(z.boolean())),
	subscriptionType: z.optional(z.nullable(z.int())),
	mfa: z.boolean(),
	authProvider: z.optional(z.nullable(z.int()))
});
export type UserProfile = z.infer<typeof userProfileSchema>;
