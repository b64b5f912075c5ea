import {
  Bell,
  ChartColumn,
  ClipboardList,
  CircleHelp,
  FlaskConical,
  House,
  Layers,
  List,
  MessageSquare,
  MessageSquareHeart,
  Settings,
  ShieldAlert,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  home: House,
  truck: Truck,
  users: Users,
  chart: ChartColumn,
  alert: ShieldAlert,
  bell: Bell,
  message: MessageSquare,
  groups: Layers,
  issue: ClipboardList,
  feedback: MessageSquareHeart,
  settings: Settings,
  flask: FlaskConical,
  list: List,
};

/** The icon a menu route names in `meta.icon`; unknown names get a neutral icon. */
export function MenuIcon({ name, size = 18 }: { name: string | undefined; size?: number }) {
  const Icon = (name && ICONS[name]) || CircleHelp;
  return <Icon size={size} aria-hidden />;
}
