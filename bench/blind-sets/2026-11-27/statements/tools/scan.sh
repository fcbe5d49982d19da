#!/bin/bash
# usage: scan.sh <id> <recipe>
set -e
ID=$1; R=$2
OUT=/work/blind/2026-11-27/statements
W=/work/blind/tools/scan/$ID; rm -rf $W; mkdir -p $W; cd $W
case $R in
  fax)   DPI=200 ;;
  grey150) DPI=150 ;;
  *) DPI=300 ;;
esac
[ $R = photo ] && DPI=200
pdftoppm -r $DPI -gray -png $OUT/docs/$ID.pdf p
i=0
for f in p-*.png; do
  i=$((i+1)); o=s-$(printf %02d $i)
  # alternate rotation sign per page, 0.3-1.5 degrees
  ROT=$(python3 -c "import random; random.seed('$ID'+str($i)); print(round(random.choice([-1,1])*random.uniform(0.3,1.5),2))")
  case $R in
    scan)
      convert $f -background white -rotate $ROT -attenuate 0.35 +noise Gaussian -blur 0x0.7 -level 6%,94%,0.9 -colorspace Gray -alpha off -units PixelsPerInch -density $DPI -quality 72 $o.jpg ;;
    contrast)
      convert $f -background white -rotate $ROT \( -size $(identify -format %wx%h $f) gradient:'#d8d8d8-#ffffff' -rotate 90 -resize $(identify -format %wx%h! $f) \) -compose Multiply -composite \
        -attenuate 0.5 +noise Gaussian -blur 0x0.9 -sigmoidal-contrast 3,55% -colorspace Gray -alpha off -units PixelsPerInch -density $DPI -quality 70 $o.jpg ;;
    fax)
      convert $f -background white -rotate $ROT -blur 0x0.6 -attenuate 0.07 +noise Impulse -threshold 58% -monochrome -units PixelsPerInch -density $DPI $o.png ;;
    grey150)
      convert $f -background white -rotate $ROT -attenuate 0.4 +noise Gaussian -blur 0x0.5 -level 4%,96% -colorspace Gray -alpha off -units PixelsPerInch -density $DPI -quality 65 $o.jpg ;;
    photo)
      WH=$(identify -format %wx%h $f)
      convert $f -background '#8a8a8a' -rotate $ROT -bordercolor '#7d7d7d' -border 60x80 \
        \( +clone -sparse-color Barycentric '0,0 #b8b8b8 %[fx:w-1],%[fx:h-1] #ffffff' \) -compose Multiply -composite \
        -attenuate 0.6 +noise Gaussian -blur 0x1.1 -modulate 100,0 -gamma 0.9 -colorspace Gray -alpha off -units PixelsPerInch -density $DPI -quality 62 $o.jpg ;;
  esac
done
img2pdf --producer "" --creator "" s-* -o $OUT/docs/$ID-scan.pdf
echo "$ID $R pages=$i text_chars=$(pdftotext $OUT/docs/$ID-scan.pdf - | tr -d '[:space:]\f' | wc -c) fonts=$(pdffonts $OUT/docs/$ID-scan.pdf | tail -n +3 | wc -l)"
