/**
 * Class names of the few primitives every page uses. Their Tailwind utilities live in app.css
 * (`@layer components`), so the long class lists travel once as CSS instead of in every page's
 * JavaScript; utilities added at the call site still win.
 */
export const buttonClass = {
	primary: 'btn btn-primary',
	secondary: 'btn btn-secondary',
	danger: 'btn btn-danger',
	ghost: 'btn-ghost'
} as const;

export const inputClass = 'field-input';

export const cardClass = 'card';
