// Name material for the screening quality set and the speed bench: name parts by origin, with the
// native spelling where a variant is written in another script. Written for this bench; no list data.

/** Russian names in the usual Latin transliteration, and in Cyrillic. */
export const RUSSIAN_GIVEN = [
  ['Aleksandr', 'Александр'], ['Sergei', 'Сергей'], ['Dmitry', 'Дмитрий'], ['Andrei', 'Андрей'], ['Alexei', 'Алексей'],
  ['Mikhail', 'Михаил'], ['Igor', 'Игорь'], ['Yevgeny', 'Евгений'], ['Nikolai', 'Николай'], ['Viktor', 'Виктор'],
  ['Oleg', 'Олег'], ['Pavel', 'Павел'], ['Boris', 'Борис'], ['Gennady', 'Геннадий'], ['Arkady', 'Аркадий'],
  ['Roman', 'Роман'], ['Yury', 'Юрий'], ['Konstantin', 'Константин'], ['Vyacheslav', 'Вячеслав'], ['Timur', 'Тимур'],
];
export const RUSSIAN_PATRONYMIC = [
  ['Vladimirovich', 'Владимирович'], ['Sergeyevich', 'Сергеевич'], ['Ivanovich', 'Иванович'], ['Petrovich', 'Петрович'],
  ['Nikolayevich', 'Николаевич'], ['Aleksandrovich', 'Александрович'], ['Borisovich', 'Борисович'], ['Viktorovich', 'Викторович'],
];
export const RUSSIAN_FAMILY = [
  ['Volkov', 'Волков'], ['Sokolov', 'Соколов'], ['Kuznetsov', 'Кузнецов'], ['Popov', 'Попов'], ['Lebedev', 'Лебедев'],
  ['Kozlov', 'Козлов'], ['Novikov', 'Новиков'], ['Morozov', 'Морозов'], ['Zakharov', 'Захаров'], ['Zaitsev', 'Зайцев'],
  ['Pavlov', 'Павлов'], ['Semyonov', 'Семёнов'], ['Golubev', 'Голубев'], ['Vinogradov', 'Виноградов'], ['Bogdanov', 'Богданов'],
  ['Vorobyov', 'Воробьёв'], ['Fyodorov', 'Фёдоров'], ['Mikhailov', 'Михайлов'], ['Belyaev', 'Беляев'], ['Tarasov', 'Тарасов'],
  ['Belov', 'Белов'], ['Komarov', 'Комаров'], ['Orlov', 'Орлов'], ['Kiselyov', 'Киселёв'], ['Makarov', 'Макаров'],
  ['Rotenberg', 'Ротенберг'], ['Timchenko', 'Тимченко'], ['Deripaska', 'Дерипаска'], ['Vekselberg', 'Вексельберг'], ['Usmanov', 'Усманов'],
];

/** Arabic names in a common Latin spelling, and in Arabic script. */
export const ARABIC_GIVEN = [
  ['Mohammed', 'محمد'], ['Ahmed', 'أحمد'], ['Ali', 'علي'], ['Hassan', 'حسن'], ['Hussein', 'حسين'], ['Omar', 'عمر'],
  ['Khalid', 'خالد'], ['Ibrahim', 'إبراهيم'], ['Youssef', 'يوسف'], ['Mahmoud', 'محمود'], ['Mustafa', 'مصطفى'], ['Nasser', 'ناصر'],
  ['Karim', 'كريم'], ['Hamid', 'حميد'], ['Rashid', 'راشد'], ['Tariq', 'طارق'], ['Jamal', 'جمال'], ['Samir', 'سمير'],
  ['Walid', 'وليد'], ['Fadi', 'فادي'], ['Ziad', 'زياد'], ['Bilal', 'بلال'], ['Hamza', 'حمزة'], ['Anwar', 'أنور'],
];
export const ARABIC_FAMILY = [
  ['Haddad', 'حداد'], ['Mansour', 'منصور'], ['Nasr', 'نصر'], ['Khoury', 'خوري'], ['Darwish', 'درويش'], ['Qasim', 'قاسم'],
  ['Hijazi', 'حجازي'], ['Shami', 'شامي'], ['Tamimi', 'تميمي'], ['Zubaidi', 'زبيدي'], ['Barakat', 'بركات'], ['Saadi', 'سعدي'],
  ['Hakim', 'حكيم'], ['Jaber', 'جابر'], ['Suleiman', 'سليمان'], ['Othman', 'عثمان'], ['Ghanem', 'غانم'], ['Rahal', 'رحال'],
  ['Kassab', 'قصاب'], ['Fakhoury', 'فاخوري'], ['Sabbagh', 'صباغ'], ['Najjar', 'نجار'], ['Attar', 'عطار'], ['Masri', 'مصري'],
];

/** Chinese family names and given names in pinyin as names are written, and in Han characters. */
export const CHINESE_FAMILY = [
  ['Wang', '王'], ['Li', '李'], ['Zhang', '张'], ['Liu', '刘'], ['Chen', '陈'], ['Yang', '杨'], ['Huang', '黄'], ['Zhao', '赵'],
  ['Zhou', '周'], ['Wu', '吴'], ['Xu', '徐'], ['Sun', '孙'], ['Ma', '马'], ['Zhu', '朱'], ['Hu', '胡'], ['Guo', '郭'], ['Lin', '林'],
  ['Gao', '高'], ['Luo', '罗'], ['Song', '宋'],
];
export const CHINESE_GIVEN = [
  ['Jianguo', '建国'], ['Xiaoming', '小明'], ['Guoqiang', '国强'], ['Hongwei', '宏伟'], ['Zhiwei', '志伟'], ['Jianhua', '建华'],
  ['Haiyan', '海燕'], ['Xiuying', '秀英'], ['Guiying', '桂英'], ['Wenjie', '文杰'], ['Jinping', '近平'], ['Dongsheng', '东升'],
  ['Mingze', '明泽'], ['Yuhang', '宇航'], ['Zhiqiang', '志强'], ['Chunhua', '春华'],
];

/** Persian, Turkish, Latin American and other names, Latin script only. */
export const OTHER_GIVEN = [
  'Reza', 'Mehdi', 'Ghasem', 'Abbas', 'Majid', 'Farhad', 'Dariush', 'Kamran', 'Esmail', 'Mahmoud', 'Joaquin', 'Rafael', 'Nicolas',
  'Diosdado', 'Tareck', 'Alvaro', 'Hernan', 'Emre', 'Selim', 'Kemal', 'Min-ho', 'Jong-su', 'Chol', 'Myong',
];
export const OTHER_FAMILY = [
  'Rezaei', 'Soleimani', 'Hosseini', 'Ghorbani', 'Jafari', 'Karimi', 'Moradi', 'Mousavi', 'Rahimi', 'Sadeghi', 'Cabello',
  'Guzman', 'Zambada', 'Carrillo', 'Saab', 'Maduro', 'Ortega', 'Yilmaz', 'Demir', 'Kaya', 'Pak', 'Ri', 'Choe', 'Jang',
];

/** Company names: distinctive words and activities; the legal form is added separately. */
export const COMPANY_WORDS = [
  'Volga', 'Baltic', 'Sever', 'Arktika', 'Zenith', 'Orion', 'Caspian', 'Taurus', 'Meridian', 'Saba', 'Pars', 'Kish', 'Hormuz',
  'Golden', 'Crescent', 'Dragon', 'Phoenix', 'Ural', 'Amur', 'Sibir', 'Tigris', 'Euphrates', 'Nile', 'Atlas', 'Falcon', 'Pioneer',
  'Horizon', 'Summit', 'Pacific', 'Oriental', 'Emerald', 'Sapphire', 'Polar', 'Aurora', 'Kestrel', 'Granite', 'Cobalt', 'Vanguard',
];
export const COMPANY_ACTIVITIES = [
  'Shipping', 'Trading', 'Petroleum', 'Energy', 'Logistics', 'Marine', 'Industrial', 'Aviation', 'Metals', 'Chemicals',
  'Engineering', 'Technologies', 'Capital', 'Investment', 'Holding', 'Bank', 'Exchange', 'Electronics', 'Mining', 'Construction',
];
export const COMPANY_FORMS = ['LLC', 'Ltd', 'Limited', 'GmbH', 'OOO', 'JSC', 'S.A.', 'Co., Ltd.', 'FZE', 'PJSC', 'Inc.', 'Corporation'];

/** Common names of people not on any list: the clean set. Western given and family names, and a few of each origin above. */
export const CLEAN_GIVEN = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa',
  'Anthony', 'Sandra', 'Mark', 'Ashley', 'Emily', 'Sophie', 'Lucas', 'Emma', 'Noah', 'Olivia', 'Liam', 'Chloe', 'Pierre',
  'Hannah', 'Lukas', 'Marta', 'Giulia', 'Marco', 'Anna', 'Peter', 'Julia', 'Carlos', 'Lucia', 'Pedro', 'Sofia',
];
export const CLEAN_FAMILY = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore',
  'Jackson', 'Martin', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King',
  'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Roberts', 'Carter', 'Phillips',
  'Evans', 'Turner', 'Parker', 'Collins', 'Edwards', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker',
  'Dubois', 'Lefebvre', 'Moreau', 'Laurent', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Fernandez',
  'Lopez', 'Martinez', 'Sanchez', 'Perez', 'Gomez', 'Nowak', 'Kowalski', 'Jansen', 'De Vries', 'Bakker', 'Visser',
];
export const CLEAN_COMPANY_WORDS = [
  'Acme', 'Bluebird', 'Brightside', 'Cedar', 'Clearwater', 'Cornerstone', 'Evergreen', 'Greenfield', 'Harbor', 'Highland',
  'Ironwood', 'Lakeside', 'Maple', 'Northstar', 'Oakridge', 'Redwood', 'Riverbend', 'Silverline', 'Stonebridge', 'Sunrise',
  'Westbrook', 'Willow', 'Brookfield', 'Fairview', 'Kingsley', 'Lighthouse', 'Millstone', 'Pinecrest', 'Quarry', 'Sterling',
];
export const CLEAN_COMPANY_ACTIVITIES = ['Bakery', 'Dental', 'Software', 'Consulting', 'Landscaping', 'Design', 'Foods', 'Health', 'Media', 'Realty'];
