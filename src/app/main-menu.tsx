import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MENU, isMenuGroup, isMenuLinkAt, type MenuGroup, type MenuLink } from './paths';

const LINK_CLASS = 'block rounded px-2 py-1 whitespace-nowrap';
const CURRENT_CLASS = 'bg-amber-200 font-semibold text-slate-900 dark:bg-amber-700 dark:text-white';
const IDLE_CLASS = 'hover:bg-slate-200 dark:hover:bg-slate-800';

function MenuItemLink({ item, onChosen }: { item: MenuLink; onChosen: () => void }) {
  const { pathname } = useLocation();
  const current = isMenuLinkAt(item, pathname);
  return (
    // A Link marked by hand: the current page includes its own pages (an anchored root under History).
    <Link
      to={item.to}
      // A page chosen from the menu closes it.
      onClick={onChosen}
      aria-current={current ? 'page' : undefined}
      className={`${LINK_CLASS} ${current ? CURRENT_CLASS : IDLE_CLASS}`}
    >
      {item.label}
    </Link>
  );
}

/**
 * One group of the menu as a disclosure: a button that shows or hides its pages, below it from the
 * `sm` width up, in the flow of the folded menu on a phone. The button is marked while one of its
 * pages is the current one, so the menu still says where the person is.
 */
function MenuGroupItem({
  group,
  open,
  onToggle,
  onChosen,
}: {
  group: MenuGroup;
  open: boolean;
  onToggle: () => void;
  onChosen: () => void;
}) {
  const listId = useId();
  const { pathname } = useLocation();
  const here = group.items.some((item) => isMenuLinkAt(item, pathname));
  return (
    <li className="relative" data-menu-group={group.label}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        className={`${LINK_CLASS} flex w-full items-center gap-1 ${here ? CURRENT_CLASS : IDLE_CLASS}`}
      >
        {group.label}
        <span aria-hidden="true" className={`text-xs transition-transform ${open ? 'rotate-180' : ''}`}>
          ▾
        </span>
      </button>
      <ul
        id={listId}
        className={`${open ? 'block' : 'hidden'} mt-1 ml-3 space-y-1 border-l border-slate-300 pl-2 sm:absolute sm:left-0 sm:z-20 sm:ml-0 sm:min-w-40 sm:rounded sm:border sm:bg-white sm:p-1 sm:shadow-lg dark:border-slate-700 sm:dark:bg-slate-900`}
      >
        {group.items.map((item) => (
          <li key={item.to}>
            <MenuItemLink item={item} onChosen={onChosen} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The header's menu: Anchor and Verify, then Explore and Operator, each a disclosure of its pages.
 * On a phone the whole menu folds behind one "Menu" button, so the page starts near the top. One
 * group is open at a time; Escape closes what is open (the group, else the folded menu) and gives
 * focus back to its button; a click or focus elsewhere closes an open group.
 */
export function MainMenu() {
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const anythingOpen = menuOpen || openGroup !== null;

  useEffect(() => {
    if (!anythingOpen) return;
    const nav = navRef.current;
    const inside = (target: EventTarget | null) => target instanceof Node && !!nav?.contains(target);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !inside(event.target)) return;
      if (openGroup !== null) {
        nav?.querySelector<HTMLButtonElement>(`[data-menu-group="${openGroup}"] > button`)?.focus();
        setOpenGroup(null);
      } else {
        setMenuOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) setOpenGroup(null);
    };
    const onFocusIn = (event: FocusEvent) => {
      const group = openGroup && nav?.querySelector(`[data-menu-group="${openGroup}"]`);
      if (group && event.target instanceof Node && !group.contains(event.target)) setOpenGroup(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [anythingOpen, openGroup]);

  const chosen = () => {
    setOpenGroup(null);
    setMenuOpen(false);
  };
  return (
    <nav aria-label="Main" className="w-full" ref={navRef}>
      <button
        type="button"
        ref={menuButtonRef}
        className="rounded border border-slate-400 px-3 py-1 text-sm sm:hidden dark:border-slate-600"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={() => setMenuOpen((open) => !open)}
      >
        {menuOpen ? 'Close menu' : 'Menu'}
      </button>
      <ul
        id={menuId}
        className={`${menuOpen ? 'mt-2 flex' : 'hidden'} flex-col gap-1 text-sm sm:mt-0 sm:flex sm:flex-row sm:flex-wrap`}
      >
        {MENU.map((entry) =>
          isMenuGroup(entry) ? (
            <MenuGroupItem
              key={entry.label}
              group={entry}
              open={openGroup === entry.label}
              onToggle={() => setOpenGroup((open) => (open === entry.label ? null : entry.label))}
              onChosen={chosen}
            />
          ) : (
            <li key={entry.to}>
              <MenuItemLink item={entry} onChosen={chosen} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
