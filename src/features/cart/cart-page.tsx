import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useAppSelector } from '../../session/hooks';
import { selectIsSignedIn } from '../../session/session-slice';
import { AccountCart } from './account-cart';
import { CheckoutView } from './checkout-view';
import { GuestCartView } from './guest-cart-view';
import '../../components/cart/cart.css';
import './cart.css';

/** `/cart`, and its checkout step `/cart?step=checkout` (a step, not a route: SPEC's route table has no checkout). */
export default function CartPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [params] = useSearchParams();
  if (signedIn && params.get('step') === 'checkout') return <CheckoutView />;
  return (
    <div className="cart-page">
      <PageTitle id="cart.ui.title" />
      {signedIn ? <AccountCart /> : <GuestCartView />}
    </div>
  );
}
