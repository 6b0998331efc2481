import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../session/hooks';
import { Link } from 'react-router';
import { STAFF_ROLES } from '../../../shared/roles';
import { selectIsSignedIn } from '../../session/session-slice';

import { useProfileQuery } from '../../session/profile-api';
import { signOutRequested } from '../../session/session-slice';

/** Sign-in link for guests; for members a menu button that closes on Escape and outside clicks. */
export function UserMenu() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: profile } = useProfileQuery(undefined, { skip: !signedIn });
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (!signedIn) {
    return (
      <Link className="button button-primary" to="/auth" data-testid="sign-in-link">
        {intl.formatMessage({ id: 'header.signIn' })}
      </Link>
    );
  }

  const label = profile?.name || profile?.email || profile?.phone || intl.formatMessage({ id: 'header.menu' });
  const close = () => setOpen(false);
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="user-menu-list"
        data-testid="user-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {label.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu-name">{label}</span>
      </button>
      {open && (
        <ul className="user-menu-list" id="user-menu-list">
          <li>
            <Link to="/profile" onClick={close}>
              {intl.formatMessage({ id: 'header.menu.profile' })}
            </Link>
          </li>
          <li>
            <Link to="/order/history" onClick={close} data-testid="orders-link">
              {intl.formatMessage({ id: 'header.menu.orders' })}
            </Link>
          </li>
          <li>
            <Link to="/order/business" onClick={close}>
              {intl.formatMessage({ id: 'header.menu.businessOrders' })}
            </Link>
          </li>
          <li>
            <Link to="/settings" onClick={close}>
              {intl.formatMessage({ id: 'header.menu.settings' })}
            </Link>
          </li>
          <li>
            <Link to="/settings/security" onClick={close}>
              {intl.formatMessage({ id: 'header.menu.security' })}
            </Link>
          </li>
          <li>
            <Link to="/settings/address" onClick={close}>
              {intl.formatMessage({ id: 'header.menu.addresses' })}
            </Link>
          </li>
          <li>
            <Link to="/settings/cards" onClick={close}>
              {intl.formatMessage({ id: 'header.menu.cards' })}
            </Link>
          </li>
          {profile && STAFF_ROLES.includes(profile.role) ? (
            <li>
              <Link to="/admin/support" onClick={close} data-testid="support-console-link">
                {intl.formatMessage({ id: 'supportConsole.menu' })}
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              data-testid="sign-out"
              onClick={() => {
                close();
                dispatch(signOutRequested());
              }}
            >
              {intl.formatMessage({ id: 'header.menu.signOut' })}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
