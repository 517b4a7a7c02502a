import * as z from 'zod/mini';

/** static/config.json: read at start-up so a deployment can change it without a rebuild. */
export const runtimeConfigSchema = z.object({
	agentUrl: z.optional(z.string()),
	allowedAgentHosts: z.optional(z.array(z.string())),
	identityProvider: z.optional(
		z.nullable(
			z.object({
				slug: z.optional(z.string()),
				name: z.optional(z.string()),
				authorizeUrl: z.optional(z.string()),
				clientId: z.optional(z.string()),
				scope: z.optional(z.string())
			})
		)
	),
	frameAncestors: z.optional(z.array(z.string())),
	basePath: z.optional(z.string())
});
export type RuntimeConfigFile = z.infer<typeof runtimeConfigSchema>;
