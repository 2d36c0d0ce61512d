import { setNavigator } from '@bahtdesk/ui/navigation';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Lets the API client change the route (500/501/502 back to sign-in). */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => navigate(to)), [navigate]);
  return null;
}
