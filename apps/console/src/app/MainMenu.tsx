import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { visibleMenu, type MenuItem, type RoleId } from '@tracker/contract';

/** Translation key of a menu entry: `menu.admin.reports.label`. */
export const menuLabelKey = (key: string) => `menu.${key}.label`;

/** The header menu of §6: the access table and the hiding rules, from the contract's `visibleMenu`. */
export function MainMenu({ role, whiteLabels }: { role: RoleId; whiteLabels: readonly number[] }) {
  const { t } = useTranslation();
  const items = visibleMenu({ role, whiteLabels });
  return (
    <nav className="menu" aria-label={t('menu.ariaLabel')}>
      <ul className="menu__list">
        {items.map((item) =>
          item.children ? (
            <MenuGroup key={item.key} item={item} />
          ) : (
            <li key={item.key} className="menu__item">
              <NavLink to={item.path} className="menu__link">
                {t(menuLabelKey(item.key))}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function SubItems({ items }: { items: readonly MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      {items.map((child) =>
        child.children ? (
          <li key={child.key} className="submenu__group">
            <span className="submenu__heading" id={`menu-${child.key}`}>
              {t(menuLabelKey(child.key))}
            </span>
            <ul aria-labelledby={`menu-${child.key}`}>
              <SubItems items={child.children} />
            </ul>
          </li>
        ) : (
          <li key={child.key}>
            <NavLink to={child.path} className="submenu__link">
              {t(menuLabelKey(child.key))}
            </NavLink>
          </li>
        ),
      )}
    </>
  );
}

/** A disclosure: the button opens the sub-items; Escape, a click elsewhere or navigating closes it. */
function MenuGroup({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const active = location.pathname === item.path || location.pathname.startsWith(`${item.path}/`);

  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <li
      ref={ref}
      className="menu__item menu__item--group"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`menu__link menu__toggle${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t(menuLabelKey(item.key))}
        <span aria-hidden="true" className="menu__caret">
          ▾
        </span>
      </button>
      <ul id={id} className="submenu" hidden={!open}>
        <SubItems items={item.children ?? []} />
      </ul>
    </li>
  );
}
