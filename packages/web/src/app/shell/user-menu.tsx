import { useApolloClient } from '@apollo/client/react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { routes } from '../../lib/routes.ts';
import { signOut } from '../../lib/session.ts';
import { useAlerts } from '../alerts/use-alerts.ts';
import type { CurrentUser } from '../use-current-user.ts';
import styles from './user-menu.module.css';

/** The signed-in user's avatar and name, opening a menu with their pages and 'Sign out'. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { pushAlert } = useAlerts();

  const handleSignOut = async () => {
    try {
      await signOut();
      await client.clearStore();
      navigate(routes.signIn());
    } catch (error) {
      pushAlert({ variant: 'danger', message: error instanceof Error ? error.message : 'Sign out failed.' });
    }
  };

  return (
    <MenuTrigger>
      <Button className={styles.trigger} aria-label={`User menu for ${user.name}`}>
        <Avatar name={user.name} src={user.avatarUrl} seed={user.id} size="s" />
        <span className={styles.name}>{user.name}</span>
        <Icon name="chevron-down" className={styles.chevron} />
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu} aria-label="User menu">
          <MenuSection>
            <Header className={styles.identity}>
              <span className={styles.identityName}>{user.name}</span>
              <span className={styles.identityUsername}>@{user.username}</span>
            </Header>
          </MenuSection>
          <Separator className={styles.separator} />
          <MenuSection>
            <MenuItem className={styles.item} textValue="Your profile" href={user.webPath}>
              <Icon name="user" /> Your profile
            </MenuItem>
            <MenuItem className={styles.item} textValue="Edit profile" href={routes.editProfile()}>
              <Icon name="pencil" /> Edit profile
            </MenuItem>
            <MenuItem className={styles.item} textValue="Your projects" href={routes.dashboardProjects()}>
              <Icon name="project" /> Your projects
            </MenuItem>
            <MenuItem className={styles.item} textValue="Your groups" href={routes.dashboardGroups()}>
              <Icon name="group" /> Your groups
            </MenuItem>
            <MenuItem className={styles.item} textValue="Your activity" href={routes.dashboardActivity()}>
              <Icon name="history" /> Your activity
            </MenuItem>
            <MenuItem className={styles.item} textValue="Access tokens" href={routes.personalAccessTokens()}>
              <Icon name="key" /> Access tokens
            </MenuItem>
            <MenuItem className={styles.item} textValue="Preferences" href={routes.preferences()}>
              <Icon name="settings" /> Preferences
            </MenuItem>
            {user.admin ? (
              <MenuItem className={styles.item} textValue="Admin area" href={routes.admin()}>
                <Icon name="admin" /> Admin area
              </MenuItem>
            ) : null}
          </MenuSection>
          <Separator className={styles.separator} />
          <MenuSection>
            <MenuItem className={styles.item} textValue="Sign out" onAction={handleSignOut}>
              <Icon name="sign-out" /> Sign out
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
