import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { useAppSelector } from '../../session/hooks';
import { selectUserId } from '../../session/session-slice';
import { BusinessesCard } from './businesses-card';
import { FiguresCard } from './figures-card';
import { MessagesCard } from './messages-card';
import { OrdersCard } from './orders-card';
import { PromotionsCard } from './promotions-card';
import { useSellerDashboardQuery } from './seller-dashboard-api';
import { SellerLinks } from './seller-links';
import './seller-dashboard.css';

/** `/profile/seller`: the seller's home, a card per block, each leading to its full screen. */
export default function SellerDashboardPage() {
  const { data, error, isLoading } = useSellerDashboardQuery(undefined, { refetchOnMountOrArgChange: true });
  const userId = useAppSelector(selectUserId);
  return (
    <div className="seller-dashboard">
      <PageTitle id="sellerDashboard.title" />
      <SellerLinks />
      {isLoading ? <PageLoading /> : null}
      <ApiErrorText error={error} />
      {data ? (
        <div className="seller-cards">
          <OrdersCard dashboard={data} />
          <MessagesCard fromServer={data.unread_messages} />
          <PromotionsCard dashboard={data} />
          <FiguresCard dashboard={data} />
          <BusinessesCard dashboard={data} userId={userId ?? 0} />
        </div>
      ) : null}
    </div>
  );
}
