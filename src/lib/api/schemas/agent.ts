import * as z from 'zod/mini';

/**
 * Shapes of the agent's REST answers (agent-api.md). Plain z.object everywhere: it drops keys we do
 * not know instead of failing, because agents add fields. Imports nothing but zod, so the simulator
 * and its tests can share these.
 */

/** The documented answer is a bare integer; the overview text calls it an object, so take that too. */
export const agentStatusSchema = z.union([z.int(), z.record(z.string(), z.unknown())]);
export type AgentStatusValue = z.infer<typeof agentStatusSchema>;

export const checkUpdateSchema = z.object({
	isUpdateRequired: z.boolean(),
	currentVersion: z.optional(z.nullable(z.string())),
	newVersion: z.optional(z.nullable(z.string()))
});
export type CheckUpdate = z.infer<typeof checkUpdateSchema>;

/** Any 2xx body is fine: the endpoint answers 200 with nothing we need. */
export const emptySchema = z.unknown();

/** `{type, status, errors: {CODE: [messages]}}` from a 499 (or another error status). */
export const errorBodySchema = z.object({
	type: z.optional(z.nullable(z.string())),
	status: z.optional(z.nullable(z.number())),
	errors: z.optional(z.nullable(z.record(z.string(), z.union([z.array(z.string()), z.string()]))))
});
