// Applies the saved or system colour theme before the app renders, so dark mode does not flash.
// An external file, not an inline script, so the Content-Security-Policy can forbid inline script.
(function () {
	var saved = null;
	try {
		saved = localStorage.getItem('agent-console:theme');
	} catch {
		/* storage blocked: follow the system */
	}
	var dark =
		saved === 'dark' ||
		(saved !== 'light' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
	document.documentElement.classList.toggle('dark', dark);
})();
