import type { Role } from '../../../shared/roles';
import { SEARCH_EDITORS, STAFF_ROLES } from '../../../shared/roles';
import type { WorkspaceResource } from '../../../shared/api/workspace';

export interface MenuItem {
  to: string;
  /** Message id of the label. */
  id: string;
  testId: string;
}

export interface MenuGroup {
  /** Message id of the group's title. */
  id: string;
  items: MenuItem[];
}

export interface MenuPerson {
  userId: number;
  role: Role;
  /** Unknown until the answer arrives: the seller and olympiad items wait for it rather than guess. */
  workspace: WorkspaceResource | undefined;
}

const item = (to: string, id: string, testId: string): MenuItem => ({ to, id, testId });

/** Where a guest's "Post an ad" leads: sign in, then straight to the form. */
export const GUEST_SELL_PATH = `/auth?next=${encodeURIComponent('/create/ad')}`;

/**
 * Everything a signed-in person can do from the user menu, grouped, showing only what the role
 * and state allow: the seller workspace to owners of a business and authors of published ads
 * (private sellers promote their ads too), the business pages to owners of a business, the olympiad account to participants
 * (others are invited to join), the support console to staff.
 */
export function menuGroups({ userId, role, workspace }: MenuPerson): MenuGroup[] {
  const seller = (workspace?.businesses ?? 0) > 0;
  const workspaceItem = seller || (workspace?.ads ?? 0) > 0 ? [item('/profile/seller', 'header.menu.sellerWorkspace', 'menu-seller-workspace')] : [];
  const groups: MenuGroup[] = [
    {
      id: 'header.menu.group.mine',
      items: [
        item('/profile', 'header.menu.profile', 'menu-profile'),
        item('/favorites', 'header.menu.favorites', 'menu-favorites'),
        item('/subscriptions', 'header.menu.subscriptions', 'menu-subscriptions'),
        item(`/user/${userId}`, 'header.menu.myAds', 'menu-my-ads'),
        item('/order/history', 'header.menu.orders', 'orders-link'),
      ],
    },
    {
      id: 'header.menu.group.sell',
      items: [
        ...workspaceItem,
        item('/create/ad', 'header.menu.createAd', 'menu-create-ad'),
        ...(seller
          ? [
              item(`/user/${userId}#businesses`, 'header.menu.myBusinesses', 'menu-my-businesses'),
              item('/order/business', 'header.menu.businessOrders', 'menu-business-orders'),
              item('/create/product', 'header.menu.createProduct', 'menu-create-product'),
              item('/create/service', 'header.menu.createService', 'menu-create-service'),
            ]
          : []),
        item('/create/business', 'header.menu.createBusiness', 'menu-create-business'),
      ],
    },
  ];
  if (workspace) {
    groups.push({
      id: 'header.menu.group.olympiad',
      items: [
        workspace.olympiad_participant
          ? item('/olympiad/account', 'header.menu.olympiadAccount', 'menu-olympiad-account')
          : item('/olympiad/register', 'header.menu.olympiadJoin', 'menu-olympiad-join'),
      ],
    });
  }
  groups.push({
    id: 'header.menu.group.settings',
    items: [
      item('/settings', 'header.menu.settings', 'menu-settings'),
      item('/settings/security', 'header.menu.security', 'menu-security'),
      item('/settings/address', 'header.menu.addresses', 'menu-addresses'),
      item('/settings/cards', 'header.menu.cards', 'menu-cards'),
    ],
  });
  if (STAFF_ROLES.includes(role)) {
    // The moderation queues (banners, works) are sections of the admin area, with their waiting counts there.
    const staff = [item('/admin', 'header.menu.admin', 'menu-admin'), item('/admin/support', 'supportConsole.menu', 'support-console-link')];
    if (SEARCH_EDITORS.includes(role)) staff.push(item('/admin/synonyms', 'header.menu.searchSynonyms', 'menu-search-synonyms'));
    groups.push({ id: 'header.menu.group.staff', items: staff });
  }
  return groups;
}
