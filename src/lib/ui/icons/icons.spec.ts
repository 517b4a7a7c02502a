import { render } from 'svelte/server';
import type { Component } from 'svelte';
import { describe, expect, it } from 'vitest';
import LucideCheck from '@lucide/svelte/icons/check';
import LucideCircleAlert from '@lucide/svelte/icons/circle-alert';
import LucideCircleCheck from '@lucide/svelte/icons/circle-check';
import LucideCircleMinus from '@lucide/svelte/icons/circle-minus';
import LucideEllipsis from '@lucide/svelte/icons/ellipsis';
import LucideEye from '@lucide/svelte/icons/eye';
import LucideEyeOff from '@lucide/svelte/icons/eye-off';
import LucideFile from '@lucide/svelte/icons/file';
import LucideFolder from '@lucide/svelte/icons/folder';
import LucideInfo from '@lucide/svelte/icons/info';
import LucideLoaderCircle from '@lucide/svelte/icons/loader-circle';
import LucideMonitor from '@lucide/svelte/icons/monitor';
import LucideMoon from '@lucide/svelte/icons/moon';
import LucideShieldCheck from '@lucide/svelte/icons/shield-check';
import LucideSun from '@lucide/svelte/icons/sun';
import LucideTriangleAlert from '@lucide/svelte/icons/triangle-alert';
import Check from './Check.svelte';
import CircleAlert from './CircleAlert.svelte';
import CircleCheck from './CircleCheck.svelte';
import CircleMinus from './CircleMinus.svelte';
import Ellipsis from './Ellipsis.svelte';
import Eye from './Eye.svelte';
import EyeOff from './EyeOff.svelte';
import File from './File.svelte';
import Folder from './Folder.svelte';
import Info from './Info.svelte';
import LoaderCircle from './LoaderCircle.svelte';
import Monitor from './Monitor.svelte';
import Moon from './Moon.svelte';
import ShieldCheck from './ShieldCheck.svelte';
import Sun from './Sun.svelte';
import TriangleAlert from './TriangleAlert.svelte';

type Props = { class?: string; 'aria-hidden'?: 'true' };
const pairs: [string, Component<Props>, Component<Props>][] = [
	['check', Check, LucideCheck as Component<Props>],
	['circle-alert', CircleAlert, LucideCircleAlert as Component<Props>],
	['circle-check', CircleCheck, LucideCircleCheck as Component<Props>],
	['circle-minus', CircleMinus, LucideCircleMinus as Component<Props>],
	['ellipsis', Ellipsis, LucideEllipsis as Component<Props>],
	['eye', Eye, LucideEye as Component<Props>],
	['eye-off', EyeOff, LucideEyeOff as Component<Props>],
	['file', File, LucideFile as Component<Props>],
	['folder', Folder, LucideFolder as Component<Props>],
	['info', Info, LucideInfo as Component<Props>],
	['loader-circle', LoaderCircle, LucideLoaderCircle as Component<Props>],
	['monitor', Monitor, LucideMonitor as Component<Props>],
	['moon', Moon, LucideMoon as Component<Props>],
	['shield-check', ShieldCheck, LucideShieldCheck as Component<Props>],
	['sun', Sun, LucideSun as Component<Props>],
	['triangle-alert', TriangleAlert, LucideTriangleAlert as Component<Props>]
];

/** The drawn markup, without Svelte's hydration comments. */
const drawn = (icon: Component<Props>, props: Props) =>
	render(icon, { props }).body.replace(/<!--[^]*?-->/g, '');

describe('the icons drawn without Lucide’s runtime', () => {
	it.each(pairs)('%s draws what Lucide draws', (_name, own, lucide) => {
		const props = { class: 'mt-0.5 size-4 shrink-0' };
		expect(drawn(own, props)).toBe(drawn(lucide, { ...props, 'aria-hidden': 'true' }));
	});
});
