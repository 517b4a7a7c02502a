/**
 * The pseudo-locale (`en-XA`, `PSEUDO_LOCALE` in languages.ts), for development and tests: every
 * message in English with its letters accented, its words lengthened by about a third, and the
 * whole wrapped in `[!! … !!]`,
 * so that a glance (or a test) finds any text the console wrote that is not a message, and any
 * control that clips a longer language. What a message was given (names, paths, numbers: the
 * agent's values and the console's formats) is left exactly as given.
 */
const ACCENTS: Record<string, string> = {
	a: 'á',
	b: 'ƀ',
	c: 'ç',
	d: 'ð',
	e: 'é',
	f: 'ƒ',
	g: 'ĝ',
	h: 'ĥ',
	i: 'î',
	j: 'ĵ',
	k: 'ķ',
	l: 'ļ',
	m: 'ɱ',
	n: 'ñ',
	o: 'ö',
	p: 'þ',
	r: 'ŕ',
	s: 'š',
	t: 'ţ',
	u: 'û',
	w: 'ŵ',
	y: 'ý',
	z: 'ž',
	A: 'Å',
	B: 'Ɓ',
	C: 'Ç',
	D: 'Ð',
	E: 'É',
	G: 'Ĝ',
	H: 'Ĥ',
	I: 'Î',
	J: 'Ĵ',
	K: 'Ķ',
	L: 'Ļ',
	N: 'Ñ',
	O: 'Ö',
	P: 'Þ',
	R: 'Ŕ',
	S: 'Š',
	T: 'Ţ',
	U: 'Û',
	W: 'Ŵ',
	Y: 'Ý',
	Z: 'Ž'
};

const VOWEL = /[aeiouAEIOU]/;

/** One run of the message's own words: accented, and every word of four letters or more longer. */
function stretch(text: string): string {
	return text.replace(/[A-Za-z]+/g, (word) => {
		let out = '';
		for (const letter of word) out += ACCENTS[letter] ?? letter;
		if (word.length < 4) return out;
		const vowel = [...word].reverse().find((letter) => VOWEL.test(letter));
		const extra = Math.ceil(word.length / 3);
		return out + (ACCENTS[vowel ?? 'e'] ?? 'é').repeat(extra);
	});
}

/** The strings a message was given, longest first, to be kept as given. */
function givenValues(inputs: unknown): string[] {
	if (!inputs || typeof inputs !== 'object') return [];
	const values = Object.values(inputs)
		.map((value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : ''))
		.filter((value) => value.length > 0);
	return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** A message's English as the pseudo-locale writes it: `[!! Šéţţîîñĝš !!]`. */
export function pseudo(text: string, inputs?: unknown): string {
	const keep = givenValues(inputs);
	let out = '';
	let rest = text;
	while (rest.length > 0) {
		let at = -1;
		let found = '';
		for (const value of keep) {
			const index = rest.indexOf(value);
			if (index >= 0 && (at < 0 || index < at)) {
				at = index;
				found = value;
			}
		}
		if (at < 0) {
			out += stretch(rest);
			break;
		}
		out += stretch(rest.slice(0, at)) + found;
		rest = rest.slice(at + found.length);
	}
	return `[!! ${out} !!]`;
}
