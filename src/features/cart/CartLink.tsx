import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsUser } from '../../app/userSlice';
import { fetchCart, selectNumOfCartItems } from '../../app/cartSlice';

/** The top bar's cart link with the number of items; loads the cart once a customer is logged in. */
export default function CartLink() {
  const dispatch = useAppDispatch();
  const isUser = useAppSelector(selectIsUser);
  const numOfCartItems = useAppSelector(selectNumOfCartItems);

  useEffect(() => {
    if (isUser) void dispatch(fetchCart());
  }, [isUser, dispatch]);

  return (
    <Link to="/cart" className="nav-link d-flex align-items-center gap-1">
      العربة
      <span className="badge rounded-pill bg-danger" data-testid="cart-count">
        {numOfCartItems}
      </span>
    </Link>
  );
}
