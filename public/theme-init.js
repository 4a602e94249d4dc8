// Applies the saved theme before first paint so dark mode does not flash. A file rather than an
// inline script, so the Content-Security-Policy can allow scripts from this origin only.
try {
  const saved = localStorage.getItem('zap1.theme');
  const dark = saved === 'dark' || (saved !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
} catch {
  // Storage blocked: the light theme stays.
}
