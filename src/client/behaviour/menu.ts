/**
 * The header's Menu button (docs/behaviour/site-and-pages.md#header-and-navigation-menu): below the
 * breakpoint it unfolds the navigation, and Escape folds it again with focus back on the button, as for a
 * dialog. Plain script: the header is static, so no page loads React for it.
 */
export function startMenu(): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  const button = header?.querySelector<HTMLButtonElement>('.site-header__menu');
  if (!header || !button) return;
  const show = (open: boolean) => {
    header.classList.toggle('site-header--open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => show(button.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true') return;
    show(false);
    button.focus();
  });
}
