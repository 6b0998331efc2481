import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../session/hooks';
import { useProfileQuery } from '../../session/profile-api';
import { selectIsSignedIn, signOutRequested } from '../../session/session-slice';
import { useWorkspaceQuery } from '../../session/workspace-api';
import { GUEST_SELL_PATH, menuGroups } from './menu-items';

/** A guest's way in: "Post an ad" (sign in, then the form) and "Sign in". */
function GuestActions() {
  const intl = useIntl();
  return (
    <>
      <Link className="button header-sell" to={GUEST_SELL_PATH} data-testid="guest-sell-link">
        {intl.formatMessage({ id: 'header.sell' })}
      </Link>
      <Link className="button button-primary" to="/auth" data-testid="sign-in-link">
        {intl.formatMessage({ id: 'header.signIn' })}
      </Link>
    </>
  );
}

/** For members a menu button whose panel lists everything they can do; it closes on Escape, outside clicks and navigation. */
export function UserMenu() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: profile } = useProfileQuery(undefined, { skip: !signedIn });
  const { data: workspace } = useWorkspaceQuery(undefined, { skip: !signedIn });
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onClick = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  // Any navigation (a menu link, the back button) closes the panel.
  useEffect(() => setOpen(false), [location.pathname]);

  if (!signedIn) return <GuestActions />;

  const who = profile?.name || profile?.email || profile?.phone || '';
  const menuName = intl.formatMessage({ id: 'header.menu' });
  const close = () => setOpen(false);
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls="user-menu-list"
        // Named by its visible words (the name, visually hidden on a phone): label and text never disagree.
        data-testid="user-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {(who || menuName).slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu-name">{who || menuName}</span>
      </button>
      {open ? (
        <div className="user-menu-list" id="user-menu-list" data-testid="user-menu-panel">
          {(profile ? menuGroups({ userId: profile.id, role: profile.role, workspace }) : []).map((group) => (
            <div className="user-menu-group" key={group.id}>
              <p className="user-menu-group-title" id={`menu-${group.id}`}>
                {intl.formatMessage({ id: group.id })}
              </p>
              <ul aria-labelledby={`menu-${group.id}`}>
                {group.items.map((entry) => (
                  <li key={entry.testId}>
                    <Link to={entry.to} onClick={close} data-testid={entry.testId}>
                      {intl.formatMessage({ id: entry.id })}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <button
            type="button"
            className="user-menu-sign-out"
            data-testid="sign-out"
            onClick={() => {
              close();
              dispatch(signOutRequested());
            }}
          >
            {intl.formatMessage({ id: 'header.menu.signOut' })}
          </button>
        </div>
      ) : null}
    </div>
  );
}
