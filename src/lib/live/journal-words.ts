import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';

/** What the journal's kinds, outcomes and sources are called on the page. */

export const JOURNAL_KIND_WORDS = words({
	drive: m.journal_kind_drive,
	backup: m.journal_kind_backup,
	share: m.journal_kind_share,
	user: m.journal_kind_user,
	agent: m.journal_kind_agent,
	file: m.journal_kind_file,
	transfer: m.journal_kind_transfer,
	history: m.journal_kind_history,
	account: m.journal_kind_account,
	other: m.journal_kind_other
});

export const JOURNAL_OUTCOME_WORDS = words({
	done: m.journal_outcome_done,
	refused: m.journal_outcome_refused,
	failed: m.journal_outcome_failed,
	announced: m.journal_outcome_announced
});

export const JOURNAL_SOURCE_WORDS = words({
	console: m.journal_source_console,
	other: m.journal_source_other
});
