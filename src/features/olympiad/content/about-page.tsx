import { ContentPage } from './content-page';

export default function OlympiadAboutPage() {
  return <ContentPage contentKey="about" />;
}
