import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { FrecentItemsQueryDocument } from '../../gql/graphql.ts';
import { routes } from '../../lib/routes.ts';
import { FREQUENTLY_VISITED } from './frequent-first.ts';
import styles from './frequent-items.module.css';

type FrequentItemsMenuProps = {
  id: string;
  /** Called when a link is followed (the search closes its menu). */
  onNavigate: () => void;
};

/**
 * The top bar search's menu while nothing is typed: the viewer's frequently visited projects and
 * groups ('Frequently visited'), as links. Signed-in viewers only (the caller decides).
 */
export function FrequentItemsMenu({ id, onNavigate }: FrequentItemsMenuProps) {
  const { data, loading } = useQuery(FrecentItemsQueryDocument);
  const projects = data?.frecentProjects ?? [];
  const groups = data?.frecentGroups ?? [];
  const sections = [
    {
      title: `${FREQUENTLY_VISITED} projects`,
      items: projects.map((p) => ({
        id: p.id,
        name: p.nameWithNamespace,
        path: p.fullPath,
        avatarUrl: p.avatarUrl,
        to: routes.project(p.fullPath),
      })),
    },
    {
      title: `${FREQUENTLY_VISITED} groups`,
      items: groups.map((g) => ({
        id: g.id,
        name: g.fullName,
        path: g.fullPath,
        avatarUrl: g.avatarUrl,
        to: routes.group(g.fullPath),
      })),
    },
  ];
  return (
    <div id={id} className={styles.menu} data-testid="frequent-items-menu">
      {loading && !data ? (
        <p className={styles.empty}>Loading…</p>
      ) : projects.length === 0 && groups.length === 0 ? (
        <p className={styles.empty}>Projects and groups you visit often will appear here.</p>
      ) : (
        sections.map((section) =>
          section.items.length === 0 ? null : (
            <section key={section.title} aria-label={section.title}>
              <h2 className={styles.heading}>{section.title}</h2>
              <ul className={styles.list}>
                {section.items.map((item) => (
                  <li key={item.id}>
                    <Link to={item.to} className={styles.link} onClick={onNavigate}>
                      <Avatar name={item.name} src={item.avatarUrl} seed={item.id} size="s" shape="square" />
                      <span className={styles.text}>
                        <span className={styles.name}>{item.name}</span>
                        <span className={styles.path}>{item.path}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ),
        )
      )}
    </div>
  );
}
