/**
 * The most common passwords of public breach corpora (the heads of the well-known top-password
 * lists, words and keyboard runs), plus romaji words common in Japan, bundled so the check needs
 * no download. Lower case; staff.ts also strips digits and symbols around a password before it
 * looks here, so "password1234" and "!!sakura2024" are caught by "password" and "sakura".
 */
export const COMMON_PASSWORDS: readonly string[] = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer
zxcvbnm asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie
robert thomas hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper
1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess
joshua cheese amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321
dallas austin thunder taylor matrix mobilemail mom monitor monitoring montana moon moscow
william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222
88888888 anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer
cookie richard samantha bigdog guitar jackson whatever mickey chicken sparky snoopy maverick
phoenix camaro peanut morgan welcome falcon cowboy ferrari samsung andrea smokey steelers joseph
mercedes dakota arsenal eagles melissa boomer booboo spider nascar monster tigers yellow xxxxxx
123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore banana junior hannah
123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee scooby
0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver
redsox player nikita knight fender barney midnight please brandy chicago badboy slayer rangers
charles angel flower rabbit wizard jasper enter rachel chris steven winner adidas victoria
natasha 1q2w3e4r jasmine winter prince marine ghbdtn fishing cocacola casper james
232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321 golden 8675309 toyota
hotdog abcd1234 dolphin jordan23 123abc passw0rd p@ssw0rd p@ssword pa55word password1
admin administrator root toor changeme default guest login qwerty123 qwertyuiopasdfghjkl
asdfghjkl zxcvbnm123 1qaz2wsx3edc 1q2w3e4r5t6y 1q2w3e4r5t zaq12wsx zaq1zaq1 zaq12wsxcde3
qazwsxedc qazwsxedcrfv abcdefg abcdefgh abcdefghijkl abcdefghijklmnop 123456abc abc12345
a1b2c3d4 aa123456 asd123 qwe123 qweasd qweasdzxc 1qazxsw2 q1w2e3 iloveyou2 lovely loveme
babygirl angel1 sweetie princess1 baby blink182 liverpool chelsea1 manchester barcelona realmadrid
pokemon naruto doraemon pikachu totoro gundam onepiece sailormoon hellokitty anpanman
sakura tokyo osaka kyoto nagoya yokohama sapporo fukuoka nippon nihon japan japanese
arigatou arigato daisuki aishiteru konnichiwa sayonara ohayou kawaii genki tanaka suzuki
sato satou takahashi watanabe ito itou yamamoto nakamura kobayashi kato katou yoshida yamada
sasaki yamaguchi matsumoto inoue kimura hayashi shimizu yamazaki mori abe ikeda hashimoto
yuki hikari haruka sora hana taro hanako ichiro kenji hiroshi takashi akira makoto
shiyakusho yakusho shiyakuba kuyakusho tochou kenchou byouin clinic kurinikku hospital
office kanri kanrisha shokuin staff system sysadmin operator member user username
welcome1 letmein1 sunshine1 iloveyou1 football1 baseball1 superman1 batman1 monkey1
master1 shadow1 dragon1 qwerty1 michael1 jessica1 ashley1 charlie1 passpass passwordpassword
mypassword yourpassword newpassword oldpassword secret1 topsecret nopassword qwertyqwerty
asdfasdfasdf 123456123456 123123123123 111111111111 000000000000 112233445566 121212121212
147258369 147258 258369 159357 741852963 963852741 789456123 741852 123789 456789 654321654321
1122334455 1234512345 0123456789 9876543210 1029384756 12345qwert qwert12345 qwertyuiop123
zxcvbnmasdfghjkl qwertzuiop azertyuiop azerty qwertz iloveu fuckyou fuckoff
`
  .split(/\s+/)
  .filter(Boolean);
