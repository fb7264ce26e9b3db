import { Link } from 'react-router';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { routes } from '../../lib/routes.ts';
import styles from './help-page.module.css';
import { HelpShortcuts } from './help-shortcuts.tsx';

/**
 * `/-/help`: a short help page — where things are, the keyboard shortcuts, how search reads what
 * you type, and how to reach the API (GitLab's REST v4 and GraphQL). Every link stays inside Milepost.
 */
export function HelpPage() {
  const { currentUser } = useCurrentUser();
  const origin = window.location.origin;
  return (
    <div className={styles.page}>
      <PageHeader breadcrumbs={[{ label: 'Help', to: routes.help() }]} title="Help" />
      <p className={styles.lead}>
        Milepost plans work in groups and projects: epics with their child items, issues, milestones, labels and the
        group roadmap. It speaks GitLab's GraphQL and REST v4 API, so GitLab clients and scripts work with it.
      </p>

      <section aria-labelledby="help-finding" className={styles.section}>
        <h2 id="help-finding">Finding your way</h2>
        <ul className={styles.links}>
          {currentUser && (
            <>
              <li>
                <Link to={routes.dashboardIssues()}>Your issues</Link> — issues assigned to you or created by you,
                across every project.
              </li>
              <li>
                <Link to={routes.dashboardEpics()}>Your epics</Link> — the epics you created, across every group.
              </li>
            </>
          )}
          <li>
            <Link to={routes.exploreProjects()}>Explore projects</Link> and{' '}
            <Link to={routes.exploreGroups()}>groups</Link> you can see.
          </li>
          {currentUser && (
            <li>
              <Link to={routes.newGroup()}>Create a group</Link> to hold projects, epics and milestones.
            </li>
          )}
        </ul>
      </section>

      <HelpShortcuts />

      <section aria-labelledby="help-search" id="search" className={styles.section}>
        <h2 id="help-search">Search</h2>
        <p>
          The search box at the top finds groups, projects, epics, issues, milestones and users — inside the group or
          project you are looking at, or everywhere. Only what you may see is ever found. Issues, epics and milestones
          are matched by the words of their titles and descriptions, best matches first:
        </p>
        <ul className={styles.links}>
          <li>
            <code>roadmap bars</code> finds items with both words (and words starting with them, while you type);
          </li>
          <li>
            <code>"roadmap bars"</code> finds the exact phrase;
          </li>
          <li>
            <code>roadmap or timeline</code> finds either word;
          </li>
          <li>
            <code>roadmap -bars</code> leaves out items that mention <em>bars</em>.
          </li>
        </ul>
        <p>
          Try it: <Link to="/search?search=roadmap">search for “roadmap”</Link>.
        </p>
      </section>

      <section aria-labelledby="help-api" id="api" className={styles.section}>
        <h2 id="help-api">API</h2>
        <p>
          Milepost answers GitLab's REST API v4 under <code>{origin}/api/v4</code> and GitLab's GraphQL API at{' '}
          <code>{origin}/api/graphql</code> (POST). Authenticate with a{' '}
          <Link to={routes.personalAccessTokens()}>personal access token</Link> in the <code>PRIVATE-TOKEN</code> header
          (or <code>Authorization: Bearer …</code>).
        </p>
        <pre className={styles.code}>
          {`curl --header "PRIVATE-TOKEN: <your token>" "${origin}/api/v4/search?scope=issues&search=roadmap"

curl --header "Authorization: Bearer <your token>" --header "Content-Type: application/json" \\
  --data '{"query": "{ currentUser { username } }"}' "${origin}/api/graphql"`}
        </pre>
        <ul className={styles.links}>
          <li>
            <a href="/api/v4/version">
              <code>GET /api/v4/version</code>
            </a>{' '}
            — the version of this server.
          </li>
          <li>
            <code>GET /api/v4/search</code>, <code>/groups/:id/search</code>, <code>/projects/:id/search</code> — search
            with the scopes <code>projects</code>, <code>groups</code>, <code>issues</code>, <code>epics</code>,{' '}
            <code>milestones</code> and <code>users</code>.
          </li>
          <li>
            Groups, projects, members, epics, issues, labels, milestones, notes, award emoji, iterations, uploads and
            personal access tokens, in GitLab's shapes with GitLab's pagination headers.
          </li>
        </ul>
      </section>
    </div>
  );
}
