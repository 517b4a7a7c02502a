import { request, type RequestOptions } from './client.ts';
import { pagingParams, toPage, type PageAsked, type RowsPage } from './rows.ts';
import { emptySchema } from './schemas/agent.ts';
import {
	currentTransferSchema,
	transfersPageSchema,
	type CurrentTransfer
} from './schemas/transfers.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

export type TransfersAsked = PageAsked & {
	/** TransferType flags; 0 for every kind (the agent's default, 15). */
	type: number;
};

/** One page of the agent's current transfers (token). */
export async function readTransfers(
	query: TransfersAsked,
	options: Options = {}
): Promise<RowsPage<CurrentTransfer>> {
	const answer = await request(transfersPageSchema, '/transfer/get_all', {
		...options,
		auth: true,
		query: { ...pagingParams(query), type: query.type || undefined }
	});
	return toPage(
		currentTransferSchema,
		{ ...answer, pageSize: answer.options?.pageSize },
		query,
		(t) => t.id
	);
}

/** Asks the agent to cancel a transfer: 200 once asked; the frames and the list say when it has. */
export function cancelTransfer(id: string | number, options: Options = {}) {
	return request(emptySchema, '/transfer/cancel_transfer', {
		...options,
		method: 'POST',
		auth: true,
		body: { id }
	});
}

/** A copy from one cloud account's bucket to another's (`transfer/transfer`). */
export type TransferRequest = {
	sourceCloudAccountId: string;
	sourceBucket: string;
	sourcePath: string;
	destinationCloudAccountId: string;
	destinationBucket: string;
	destinationPath: string;
	allowSkip: boolean;
	keepSourceTree: boolean;
};

/** Queues a copy: 200 once queued, with no id; its progress comes only over the channel. */
export function startTransfer(body: TransferRequest, options: Options = {}) {
	return request(emptySchema, '/transfer/transfer', {
		...options,
		method: 'POST',
		auth: true,
		body
	});
}
