/**
 * What people type and what they expect to see, against the demo catalogue
 * (server/db/seed/catalog-seed-data.ts). Names are the Russian names of
 * products, services, businesses and ads; `top` are the answers sought (gain 2),
 * `also` ones a person would not mind seeing (gain 1). Every row of the
 * catalogue with such a name counts (several stores sell the same shelf).
 */
export interface RelevanceCase {
  q: string;
  /** What the case is about, for the report. */
  kind: 'synonym' | 'translit' | 'brand' | 'typo' | 'category' | 'business' | 'ranking' | 'english' | 'plain';
  top: string[];
  also?: string[];
}

const SMARTPHONES = ['Смартфон Galaxy A55 128 ГБ', 'Смартфон iPhone 15 128 ГБ', 'Смартфон Redmi Note 13'];
const IPHONES = ['Смартфон iPhone 15 128 ГБ', 'iPhone 13, 128 ГБ, отличное состояние'];
const LAPTOPS = ['Ноутбук MacBook Air 13', 'Ноутбук игровой 16"', 'Ноутбук для учёбы 15,6"', 'Ноутбук Lenovo ThinkPad'];
const HEADPHONES = ['Наушники беспроводные', 'Наушники накладные', 'Наушники AirPods Pro'];
const TV = ['Телевизор 55", 4K'];
const FURNITURE_SERVICES = ['Сборка мебели', 'Разборка и сборка мебели', 'Доставка мебели из магазина', 'Вынос старой мебели'];
const PIZZAS = ['Пицца Маргарита', 'Пицца Пепперони', 'Пицца Четыре сыра', 'Пицца Гавайская', 'Пицца Карбонара', 'Пицца Диабло', 'Пицца с грушей и горгонзолой', 'Пицца Мясная', 'Пицца Вегетарианская', 'Пицца с морепродуктами'];

export const RELEVANCE_SET: RelevanceCase[] = [
  // Synonyms: the word people use is not the word in the name.
  { q: 'телефон', kind: 'synonym', top: [...SMARTPHONES, 'iPhone 13, 128 ГБ, отличное состояние'], also: ['Ремонт телефонов'] },
  { q: 'телефоны', kind: 'synonym', top: [...SMARTPHONES, 'iPhone 13, 128 ГБ, отличное состояние'], also: ['Ремонт телефонов'] },
  { q: 'мобильный телефон', kind: 'synonym', top: SMARTPHONES, also: ['Ремонт телефонов', 'iPhone 13, 128 ГБ, отличное состояние'] },
  { q: 'phone', kind: 'synonym', top: [...SMARTPHONES, 'iPhone 13, 128 ГБ, отличное состояние'], also: ['Ремонт телефонов'] },
  { q: 'смартфон', kind: 'synonym', top: SMARTPHONES, also: ['iPhone 13, 128 ГБ, отличное состояние', 'Ремонт телефонов'] },
  { q: 'television', kind: 'synonym', top: TV, also: ['Саундбар для телевизора'] },
  { q: 'телевизор', kind: 'synonym', top: TV, also: ['Саундбар для телевизора'] },
  { q: 'tv', kind: 'synonym', top: TV, also: ['Саундбар для телевизора'] },
  { q: 'телик', kind: 'synonym', top: TV, also: ['Саундбар для телевизора'] },
  { q: 'laptop', kind: 'synonym', top: LAPTOPS },
  { q: 'notebook', kind: 'synonym', top: LAPTOPS, also: ['Тетрадь в клетку, 96 листов'] },
  { q: 'лэптоп', kind: 'synonym', top: LAPTOPS },
  { q: 'headphones', kind: 'synonym', top: HEADPHONES },
  { q: 'наушники', kind: 'plain', top: HEADPHONES },
  { q: 'fridge', kind: 'synonym', top: ['Холодильник двухкамерный'], also: ['Мытьё холодильника'] },
  { q: 'refrigerator', kind: 'synonym', top: ['Холодильник двухкамерный'], also: ['Мытьё холодильника'] },
  { q: 'стиралка', kind: 'synonym', top: ['Стиральная машина'], also: ['Монтаж стиральной машины'] },
  { q: 'washing machine', kind: 'english', top: ['Стиральная машина'], also: ['Монтаж стиральной машины'] },
  { q: 'велик', kind: 'synonym', top: ['Велосипед горный 27,5"', 'Детский велосипед'] },
  { q: 'bike', kind: 'synonym', top: ['Велосипед горный 27,5"', 'Детский велосипед'] },
  { q: 'trainers', kind: 'synonym', top: ['Кроссовки беговые', 'Кроссовки, размер 40'] },
  { q: 'памперсы', kind: 'synonym', top: ['Подгузники, 64 шт.'] },
  { q: 'diapers', kind: 'synonym', top: ['Подгузники, 64 шт.'] },
  { q: 'eggplant', kind: 'synonym', top: ['Баклажаны с орехами'] },
  { q: 'apartment', kind: 'synonym', top: ['1-комнатная квартира, 38 м², аренда', '2-комнатная квартира, 54 м²', 'Квартира посуточно'] },
  { q: 'машина', kind: 'synonym', top: ['Volkswagen Polo 2019, 60 000 км', 'Lada Vesta 2021', 'Стиральная машина'], also: ['Монтаж стиральной машины', 'Газель с водителем, час'] },
  // Brands and their spellings in the other alphabet.
  { q: 'айфон', kind: 'brand', top: IPHONES },
  { q: 'iphone', kind: 'brand', top: IPHONES },
  { q: 'apple', kind: 'brand', top: [...IPHONES, 'Ноутбук MacBook Air 13', 'Планшет iPad 9', 'Наушники AirPods Pro'] },
  { q: 'samsung', kind: 'brand', top: ['Смартфон Galaxy A55 128 ГБ'] },
  { q: 'самсунг', kind: 'brand', top: ['Смартфон Galaxy A55 128 ГБ'] },
  { q: 'xiaomi', kind: 'brand', top: ['Смартфон Redmi Note 13'] },
  { q: 'sony', kind: 'brand', top: ['Игровая приставка PlayStation 5'] },
  { q: 'lenovo', kind: 'brand', top: ['Ноутбук Lenovo ThinkPad'] },
  { q: 'canon', kind: 'brand', top: ['Фотоаппарат Canon EOS'] },
  { q: 'lego', kind: 'brand', top: ['Конструктор LEGO, набор'], also: ['Конструктор 500 деталей'] },
  { q: 'галакси', kind: 'translit', top: ['Смартфон Galaxy A55 128 ГБ'] },
  { q: 'макбук', kind: 'translit', top: ['Ноутбук MacBook Air 13'] },
  { q: 'редми', kind: 'translit', top: ['Смартфон Redmi Note 13'] },
  { q: 'леново', kind: 'translit', top: ['Ноутбук Lenovo ThinkPad'] },
  { q: 'тинкпад', kind: 'translit', top: ['Ноутбук Lenovo ThinkPad'] },
  { q: 'плейстейшен', kind: 'translit', top: ['Игровая приставка PlayStation 5'] },
  { q: 'фольксваген', kind: 'translit', top: ['Volkswagen Polo 2019, 60 000 км'] },
  { q: 'хонда', kind: 'translit', top: ['Мотоцикл Honda CB500'] },
  { q: 'аирподс', kind: 'translit', top: ['Наушники AirPods Pro'] },
  { q: 'chizkeik', kind: 'translit', top: ['Чизкейк Нью-Йорк'] },
  { q: 'kapuchino', kind: 'translit', top: ['Капучино'] },
  { q: 'medovik', kind: 'translit', top: ['Медовик'] },
  { q: 'tvorog', kind: 'translit', top: ['Творог домашний 9 %'], also: ['Блины с творогом', 'Ватрушка с творогом'] },
  // Typos.
  { q: 'телевезор', kind: 'typo', top: TV, also: ['Саундбар для телевизора'] },
  { q: 'смартфн', kind: 'typo', top: SMARTPHONES },
  { q: 'наушнки', kind: 'typo', top: HEADPHONES },
  { q: 'холодилник', kind: 'typo', top: ['Холодильник двухкамерный'], also: ['Мытьё холодильника'] },
  { q: 'кросовки', kind: 'typo', top: ['Кроссовки беговые', 'Кроссовки, размер 40'] },
  { q: 'tiramissu', kind: 'typo', top: ['Тирамису'] },
  { q: 'пицы', kind: 'typo', top: PIZZAS },
  // Category names: a business's category and a product's section.
  { q: 'электроника', kind: 'category', top: ['ТехноМир', 'Гаджет-лаб'], also: [...SMARTPHONES, ...LAPTOPS.slice(0, 3)] },
  { q: 'смартфоны', kind: 'category', top: SMARTPHONES, also: ['Чехол силиконовый', 'Зарядное устройство 65 Вт'] },
  { q: 'фрукты', kind: 'category', top: ['Яблоки антоновка', 'Груши конференция', 'Клубника садовая', 'Черника лесная', 'Бананы'] },
  { q: 'зоотовары', kind: 'category', top: ['Лапа и хвост'], also: ['Корм для кошек сухой, 2 кг', 'Корм для собак сухой, 3 кг'] },
  { q: 'pet supplies', kind: 'category', top: ['Лапа и хвост'], also: ['Корм для кошек сухой, 2 кг', 'Корм для собак сухой, 3 кг'] },
  { q: 'суши', kind: 'category', top: ['Суши Мастер', 'Токио роллы', 'Суши с лососем', 'Суши с тунцом', 'Суши с угрём'] },
  { q: 'обувь', kind: 'category', top: ['Обувь и точка'], also: ['Ботинки зимние кожаные', 'Кроссовки беговые', 'Кеды классические', 'Сапоги резиновые'] },
  { q: 'vegetables', kind: 'category', top: ['Огурцы тепличные', 'Томаты черри', 'Картофель молодой', 'Морковь мытая'], also: ['Зелёная грядка', 'Фермерская лавка', 'Овощи на мангале', 'Салат из свежих овощей'] },
  // Business names.
  { q: 'техномир', kind: 'business', top: ['ТехноМир'], also: SMARTPHONES },
  { q: 'колосок', kind: 'business', top: ['Пекарня «Колосок»'], also: ['Хлеб бородинский', 'Багет французский'] },
  { q: 'farm shop', kind: 'business', top: ['Фермерская лавка'] },
  { q: 'лапа и хвост', kind: 'business', top: ['Лапа и хвост'] },
  { q: 'gadget lab', kind: 'business', top: ['Гаджет-лаб'] },
  { q: 'тбилиси', kind: 'business', top: ['Хинкальная «Тбилиси»'], also: ['Хинкали с говядиной, 5 шт.', 'Хачапури по-аджарски'] },
  // Ranking: what is named comes before what is only mentioned.
  { q: 'мебель', kind: 'ranking', top: FURNITURE_SERVICES },
  { q: 'кофе', kind: 'ranking', top: ['Кофе с собой', 'Кофеварка капельная', 'Кофейня «Зерно»'], also: ['Капучино', 'Латте', 'Американо'] },
  { q: 'пицца', kind: 'ranking', top: PIZZAS, also: ['Пицца Наполи'] },
  { q: 'ремонт', kind: 'ranking', top: ['Ремонт под ключ', 'Ремонт прокола', 'Ремонт компьютеров на дому', 'Ремонт телефонов'], also: ['Мастер на час'] },
  // English words and plain Russian ones.
  { q: 'coffee', kind: 'english', top: ['Кофе с собой', 'Кофеварка капельная', 'Кофейня «Зерно»'] },
  { q: 'boots', kind: 'english', top: ['Ботинки зимние кожаные', 'Сапоги резиновые', 'Ботинок челси замшевый', 'Ботинки детские зимние', 'Ботинки мужские, размер 43'] },
  { q: 'cake', kind: 'english', top: ['Торт Наполеон', 'Торт Прага', 'Торт Красный бархат', 'Морковный торт', 'Медовик'] },
  { q: 'ботинки', kind: 'plain', top: ['Ботинки зимние кожаные', 'Ботинок челси замшевый', 'Ботинки детские зимние', 'Ботинки мужские, размер 43'] },
  { q: 'букет', kind: 'plain', top: ['Букет из 25 роз', 'Букет тюльпанов', 'Букет полевых цветов'] },
  { q: 'корм для кошек', kind: 'plain', top: ['Корм для кошек сухой, 2 кг', 'Влажный корм для кошек, 12 шт.'] },
];
