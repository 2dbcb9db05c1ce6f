import { NavLink } from 'react-router';

/** Tabs between the screens of one menu section (imports, firmware, modem update); the open screen's is marked. */
export function SectionNav({ label, links }: { label: string; links: readonly { to: string; text: string }[] }) {
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'section-nav__link section-nav__link--active' : 'section-nav__link');
  return (
    <nav className="section-nav" aria-label={label}>
      {links.map((l) => (
        <NavLink key={l.to} to={l.to} className={cls}>
          {l.text}
        </NavLink>
      ))}
    </nav>
  );
}
