// /assignOrderInMap: the map of orders waiting for an engineer.
import { MapPage } from './MapView';

export default function AssignInMap() {
  return <MapPage unassigned />;
}
