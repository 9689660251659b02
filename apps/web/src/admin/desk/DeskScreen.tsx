import { NewsTableScreen } from '../news/NewsTableScreen.tsx';

/** My desk: the articles assigned to the signed-in person, in every stage (decision 106). */
export function DeskScreen() {
  return <NewsTableScreen desk />;
}
