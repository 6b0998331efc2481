import { PageTitle } from '../../components/page-title';
import { BannerForm } from './banner-form';
import { useMyBannersQuery } from './banners-api';
import { MyBanners } from './my-banners';
import './seller-banners.css';

/** `/profile/seller/promotion/create-banner`: a new banner for moderation, and my banners with their state. */
export default function CreateBannerPage() {
  const mine = useMyBannersQuery();
  return (
    <div className="seller-banners">
      <PageTitle id="sellerBanners.title" />
      <BannerForm canCreate={mine.data?.meta.can_create ?? true} />
      <MyBanners />
    </div>
  );
}
